import { useEffect } from 'react';
import { useHref, useLocation } from '@app/mobile/router';
import { isCurrentPage, MSG_SAME_PAGE } from '@/shared/navigation/useGo';
import { showToast } from '@/shared/ui/toast';

/** The route a link's href names, or null when it is not one of the app's own routes. */
export function linkRoute(href: string, prefix: string): string | null {
  return href.startsWith(`${prefix}/`) ? href.slice(prefix.length) : null;
}

/**
 * 已在当前页面！ for every link of the app (spec §2), plain <Link>s included: a click on a
 * link to the page already shown is stopped before it reaches the link (capture phase on the document)
 * and says so instead. useGo does the same for navigation in code.
 */
export function SamePageGuard() {
  const { pathname, search } = useLocation();
  // '#' under the hash router, '' under a memory router (tests).
  const prefix = useHref('/').slice(0, -1);
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!link || (link.getAttribute('target') ?? '_self') !== '_self' || link.hasAttribute('download'))
        return;
      const to = linkRoute(link.getAttribute('href') ?? '', prefix);
      if (to === null || !isCurrentPage(to, pathname, search)) return;
      event.preventDefault();
      event.stopPropagation();
      showToast(MSG_SAME_PAGE);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [pathname, search, prefix]);
  return null;
}
