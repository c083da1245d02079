// A part of the page that the server renders at once but the browser fetches
// only on a page that shows it, so it stays out of every page's first load.
// The server loads the part when it starts, so its pages come out whole. The
// browser gets React.lazy with no Suspense boundary of its own: a page that
// shows the part waits for its file before it hydrates (the server's HTML
// stays as it is meanwhile) and a navigation to one keeps the previous page
// until then, so nothing flashes or mismatches. (A boundary would let the
// server stream the part after the page, and show it late.)
import { type ComponentType, use } from "react";
import { lazyWithReload } from "./chunk-reload.ts";

export function loadLater<P extends object>(load: () => Promise<ComponentType<P>>) {
  return import.meta.env.SSR ? readyOnServer(load) : lazyWithReload(async () => ({ default: await load() }));
}

function readyOnServer<P extends object>(load: () => Promise<ComponentType<P>>) {
  let ready: ComponentType<P> | undefined;
  const loading = load().then((part) => {
    ready = part;
    return part;
  });
  // biome-ignore lint/correctness/noComponentHookFactories: called once per part, at module level
  return function Ready(props: P) {
    const Part = ready ?? use(loading);
    return <Part {...props} />;
  };
}
