import type { BaseLocationHook } from 'wouter';
import { useSearch as useBrowserSearch } from 'wouter/use-browser-location';
import { navigate as hashNavigate, useHashLocation } from 'wouter/use-hash-location';

/**
 * Hash routing (`#/alerts`) where a route's query (`/alerts?patientId=…`) belongs to that route.
 *
 * wouter's hash location keeps a route's query in the page's own query string
 * (`index.html?patientId=…#/alerts`, which `useSearch` reads) and leaves it there when a link
 * without a query is followed, so a filter would follow the coordinator to every other screen.
 * Here going to a route without a query clears it; a query written inside the hash
 * (`#/alerts?patientId=…`, typed or bookmarked) is understood too.
 */
function navigate(to: string, options?: { replace?: boolean; state?: unknown }): void {
  hashNavigate(to.includes('?') ? to : `${to}?`, options);
}

function pathOnly(path: string): string {
  const query = path.indexOf('?');
  return query < 0 ? path : path.slice(0, query);
}

function useRouteSearch(): string {
  const [path] = useHashLocation();
  const browser = useBrowserSearch();
  const query = path.indexOf('?');
  return query < 0 ? browser : path.slice(query + 1);
}

export const useRouteHashLocation: BaseLocationHook = () => {
  const [path] = useHashLocation();
  return [pathOnly(path), navigate];
};
useRouteHashLocation.searchHook = useRouteSearch;
/** Links carry their query where `navigate` puts it: `?patientId=…#/alerts`. */
useRouteHashLocation.hrefs = (href: string) => {
  const query = href.indexOf('?');
  return query < 0 ? `#${href}` : `?${href.slice(query + 1)}#${href.slice(0, query)}`;
};
