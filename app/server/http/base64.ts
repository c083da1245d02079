// Unpadded standard base64 (PHC strings) and base64url (tokens, Web Push).
function encode(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/=+$/, "");
}

function decode(text: string): Uint8Array {
  const normal = text.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(normal + "=".repeat((4 - (normal.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

export const base64 = { encode, decode };

export const base64url = {
  encode: (bytes: Uint8Array) => encode(bytes).replace(/\+/g, "-").replace(/\//g, "_"),
  decode,
};
