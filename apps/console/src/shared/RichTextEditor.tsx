import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { RichTextProps } from './rich-text/TiptapEditor';

const TiptapEditor = lazy(() => import('./rich-text/TiptapEditor'));

/**
 * A rich-text field (activities, articles, notices, site messages, the welcome modal): its value is
 * HTML, which the server sanitises before storing. The editor (tiptap) loads when a form first shows it.
 */
export function RichTextEditor(props: RichTextProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
      <TiptapEditor {...props} />
    </Suspense>
  );
}
