import { Cake, Candy, Coffee, Flower2, Gem, Gift, IceCreamCone, type LucideIcon, Star, Wine } from "lucide-react";

const icons: Record<string, LucideIcon> = { Flower2, Wine, Candy, Coffee, Cake, IceCreamCone, Star, Gem };

export function GiftIcon({ icon, className }: { icon: string; className?: string }) {
  const Icon = Object.hasOwn(icons, icon) ? icons[icon]! : Gift;
  return <Icon className={className} aria-hidden="true" focusable="false" />;
}
