// Demo portraits drawn locally with DiceBear (no downloads), matching each
// profile's gender and hair colour, stored in R2 like uploaded photos.
import { avataaars } from "@dicebear/collection";
import { createAvatar } from "@dicebear/core";
import type { Gender, HairColour } from "#app/schemas/enums.ts";
import type { Random } from "./random.ts";

const femaleTops = [
  "bob",
  "bun",
  "curly",
  "curvy",
  "frida",
  "longButNotTooLong",
  "miaWallace",
  "straight01",
  "straight02",
  "straightAndStrand",
  "bigHair",
] as const;
const maleTops = [
  "shortCurly",
  "shortFlat",
  "shortRound",
  "shortWaved",
  "sides",
  "theCaesar",
  "theCaesarAndSidePart",
  "shaggy",
  "frizzle",
  "dreads01",
] as const;

const hairColours: Record<HairColour, string> = {
  brunette: "4a312c",
  blond: "d6b370",
  brown: "724133",
  white: "ecdcbf",
  bald: "2c1b18",
  black: "2c1b18",
  dark_blond: "b58143",
  dark_brown: "3b2519",
  gray: "b1b1b1",
  red: "c93305",
  other: "f59797",
};
const skins = ["614335", "ae5d29", "d08b5b", "edb98a", "f8d25c", "fd9841", "ffdbb4"];
const backgrounds = ["f6e3d7", "f3d1dc", "e8dff5", "dcefe4", "fdf0c9", "d7e9f7", "f5d6c6"];

export function drawPortrait(random: Random, gender: Gender, hair: HairColour | null): string {
  const bald = hair === "bald";
  return createAvatar(avataaars, {
    seed: String(random.next()),
    top: [gender === "female" ? random.pick(femaleTops) : random.pick(maleTops)],
    topProbability: bald ? 0 : 100,
    hairColor: [hairColours[hair ?? "brown"]],
    facialHairProbability: gender === "male" ? 35 : 0,
    facialHairColor: [hairColours[hair ?? "brown"]],
    accessoriesProbability: 20,
    accessories: ["prescription01", "prescription02", "round", "wayfarers"],
    mouth: ["smile", "default", "twinkle"],
    eyes: ["default", "happy", "wink", "side"],
    eyebrows: ["defaultNatural", "raisedExcitedNatural", "flatNatural"],
    skinColor: [random.pick(skins)],
    backgroundColor: [random.pick(backgrounds)],
    clothing: [
      "blazerAndShirt",
      "blazerAndSweater",
      "collarAndSweater",
      "hoodie",
      "shirtCrewNeck",
      "shirtScoopNeck",
      "shirtVNeck",
    ],
  }).toString();
}
