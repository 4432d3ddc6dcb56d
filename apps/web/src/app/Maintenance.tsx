import { ToolIcon } from '@/shared/ui/icons';

/** Site maintenance (site_state 0): the repair notice and nothing else of the app. */
export function Maintenance({ title, tips }: { title: string; tips: string }) {
  return (
    <main className="maintenance">
      <div className="maintenance-icon" aria-hidden>
        <ToolIcon />
      </div>
      <h1>{title ? `${title}维护中` : '系统维护中'}</h1>
      <p className="maintenance-tips">{tips || '网站正在维护，请稍后再访问。'}</p>
    </main>
  );
}
