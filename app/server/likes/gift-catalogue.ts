// The gifts a member can send from a profile (seeded into `gifts`); each costs
// the domain's gift_credits. Names are translation keys gifts.<slug>.
export const giftCatalogue = [
  { slug: "rose", icon: "Flower2" },
  { slug: "champagne", icon: "Wine" },
  { slug: "chocolates", icon: "Candy" },
  { slug: "coffee", icon: "Coffee" },
  { slug: "cake", icon: "Cake" },
  { slug: "ice_cream", icon: "IceCreamCone" },
  { slug: "star", icon: "Star" },
  { slug: "diamond", icon: "Gem" },
] as const;
