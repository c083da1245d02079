// Trust tried from outside, as two new members in their own browsers (and a
// stranger in a third): a photo sent in a chat is theirs alone, and a block
// closes the conversation, its photos and the blocker to the blocked member.
import { activeMember, anotherVisitor, expect, ownId, pngImage, test, text } from "./support.ts";

test.describe.configure({ timeout: 150_000 });

// Dutch on a desktop, German on a phone.
for (const lng of ["nl", "de"]) {
  const where = lng === "de" ? { tag: "@phone-only" } : {};
  test(
    `a chat photo stays between the two members, and a block closes the conversation (${lng})`,
    where,
    async ({ browser, baseURL }) => {
      const t = (key: string, values?: Record<string, string | number>) => text(lng, key, values);
      const [anna, bart, stranger] = await Promise.all([1, 2, 3].map(() => anotherVisitor(browser, baseURL!)));
      for (const page of [anna!, bart!]) await page.context().addCookies([{ name: "lng", value: lng, url: baseURL! }]);
      await activeMember(anna!, lng, { name: "Annemiek" });
      await activeMember(bart!, lng, { name: "Bart", gender: "male", seeking: "female" });
      const bartId = await ownId(bart!);

      // Anna opens a conversation with Bart and uploads a photo to send in it.
      await anna!.goto(`/members/${bartId}`);
      await anna!.getByRole("button", { name: t("members:sendMessage") }).click();
      await expect(anna!).toHaveURL(/\/chats\/\d+$/);
      const chatPath = new URL(anna!.url()).pathname;
      const conversation = chatPath.split("/").pop()!;
      const upload = await anna!.request.post("/api/chat/photo", {
        headers: { "X-Requested-With": "XMLHttpRequest", Origin: baseURL! },
        multipart: { conversation, photo: { name: "photo.png", mimeType: "image/png", buffer: pngImage() } },
      });
      expect(upload.status()).toBe(201);
      const { photo } = (await upload.json()) as { photo: string };
      const file = photo.split("/").pop()!;

      // Never through the public photo path, never to a stranger; to its members through its own path only.
      for (const page of [stranger!, anna!])
        expect((await page.request.get(`/media/photos/${photo}`)).status()).toBe(404);
      expect((await stranger!.request.get(`/media/chat/${conversation}/${file}`)).status()).toBe(404);
      const own = await bart!.request.get(`/media/chat/${conversation}/${file}`);
      expect(own.status()).toBe(200);
      expect(own.headers()["cache-control"]).toMatch(/^private/);
      expect((await bart!.goto(chatPath))?.status()).toBe(200);

      // Anna blocks Bart on his profile.
      await anna!.goto(`/members/${bartId}`);
      anna!.once("dialog", (dialog) => dialog.accept());
      await anna!.getByRole("button", { name: t("members:block.block"), exact: true }).click();
      await expect(anna!.getByRole("main").getByText(t("members:block.blocked", { name: "Bart" }))).toBeVisible();

      // To Bart, the conversation, its photo and Anna are gone. He opens it anew in
      // another tab: his open chat reloads itself on the block, and a goto there races it.
      const again = await bart!.context().newPage();
      expect((await again.goto(chatPath))?.status()).toBe(404);
      await expect(again.getByTestId("error-page")).toBeVisible();
      await expect(again.getByRole("main")).not.toContainText("Annemiek");
      expect((await again.request.get(`/media/chat/${conversation}/${file}`)).status()).toBe(404);
      await Promise.all([anna!, bart!, again, stranger!].map((page) => page.close()));
    },
  );
}
