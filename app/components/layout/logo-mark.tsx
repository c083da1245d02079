// The domain's logo mark (settings.logo) beside its name; the heart when the
// domain has none. Decorative: the name next to it is the link's text.
export function LogoMark({ logo, className = "size-7 shrink-0" }: { logo: string; className?: string }) {
  if (logo) return <img src={logo} alt="" width={28} height={28} className={className} decoding="async" />;
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 21s-7.5-4.6-9.6-9.1C.9 8.6 2.8 4.5 6.6 4.1c2.1-.2 3.9.9 5.4 2.8 1.5-1.9 3.3-3 5.4-2.8 3.8.4 5.7 4.5 4.2 7.8C19.5 16.4 12 21 12 21z"
      />
    </svg>
  );
}
