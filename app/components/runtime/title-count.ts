// The page title starts with the member's unread messages plus new likes in
// parentheses: the real sum, unlike the badges, which stop at 99+. A title
// that already carries a count (from the page before) gets the new one instead.
const COUNT_PREFIX = /^\(\d+\+?\) /;

export function titleWithCount(title: string, count: number): string {
  const base = title.replace(COUNT_PREFIX, "");
  return count > 0 ? `(${count}) ${base}` : base;
}
