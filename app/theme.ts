// The theme colours (app/app.css holds the same as CSS variables): dark red
// primary, brown secondary, warm surface, unless a domain sets its own theme.
// The app's theme-color, the installed app's manifest and icons, and the mails
// all start from these.
export const DEFAULT_THEME = { primary: "#8f1d2c", secondary: "#7a4b2a", surface: "#fbf7f4" };
