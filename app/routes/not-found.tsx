// Any URL no other route matches: the 404 error page inside the default layout.
import { data } from "react-router";

export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
