// The fixed list of interests members can pick, in display order (seeded into the `interests` table).
// `icon` is the export name of a lucide-react icon (rendered by app/components/interests/interest-icon.tsx,
// whose static map must list the same 50 icons); labels live in locales/<lang>/interests.json.
// `adult` interests are only shown where adult content is enabled.

export interface InterestDefinition {
  slug: string;
  icon: string;
  adult: boolean;
}

export const interestCatalogue: readonly InterestDefinition[] = [
  { slug: "adventure", icon: "Compass", adult: false },
  { slug: "art", icon: "Palette", adult: false },
  { slug: "astrology", icon: "MoonStar", adult: false },
  { slug: "barbecue", icon: "Beef", adult: false },
  { slug: "beach", icon: "TreePalm", adult: false },
  { slug: "beer", icon: "Beer", adult: false },
  { slug: "biking", icon: "Bike", adult: false },
  { slug: "bondage", icon: "Link", adult: true },
  { slug: "coffee", icon: "Coffee", adult: false },
  { slug: "cooking", icon: "ChefHat", adult: false },
  { slug: "dancing", icon: "Disc3", adult: false },
  { slug: "fashion", icon: "Shirt", adult: false },
  { slug: "foodie", icon: "UtensilsCrossed", adult: false },
  { slug: "gardening", icon: "Sprout", adult: false },
  { slug: "gym", icon: "Dumbbell", adult: false },
  { slug: "hiking", icon: "Mountain", adult: false },
  { slug: "movies", icon: "Clapperboard", adult: false },
  { slug: "music", icon: "EighthNotes", adult: false },
  { slug: "outdoors", icon: "TentTree", adult: false },
  { slug: "party", icon: "PartyPopper", adult: false },
  { slug: "photography", icon: "Camera", adult: false },
  { slug: "politics", icon: "Landmark", adult: false },
  { slug: "reading", icon: "BookOpen", adult: false },
  { slug: "relationship", icon: "HeartHandshake", adult: false },
  { slug: "shopping", icon: "ShoppingBag", adult: false },
  { slug: "sports", icon: "Trophy", adult: false },
  { slug: "sushi", icon: "Fish", adult: false },
  { slug: "tattoos", icon: "Anchor", adult: false },
  { slug: "tea", icon: "Leaf", adult: false },
  { slug: "theater", icon: "Theater", adult: false },
  { slug: "travelling", icon: "Plane", adult: false },
  { slug: "vegetarian", icon: "Salad", adult: false },
  { slug: "video_games", icon: "Gamepad2", adult: false },
  { slug: "wine", icon: "Wine", adult: false },
  { slug: "flirting", icon: "MessageCircleHeart", adult: true },
  { slug: "kissing", icon: "Heart", adult: true },
  { slug: "massage", icon: "HandHeart", adult: true },
  { slug: "lingerie", icon: "Ribbon", adult: true },
  { slug: "roleplay", icon: "VenetianMask", adult: true },
  { slug: "dominance", icon: "Crown", adult: true },
  { slug: "submission", icon: "KeyRound", adult: true },
  { slug: "swinging", icon: "Shuffle", adult: true },
  { slug: "fetish", icon: "Flame", adult: true },
  { slug: "toys", icon: "Wand", adult: true },
  { slug: "exhibitionism", icon: "Spotlight", adult: true },
  { slug: "voyeurism", icon: "Binoculars", adult: true },
  { slug: "casual_dating", icon: "CalendarHeart", adult: true },
  { slug: "threesome", icon: "UserGroup", adult: true },
  { slug: "spanking", icon: "Hand", adult: true },
  { slug: "one_night_stand", icon: "BedDouble", adult: true },
];
