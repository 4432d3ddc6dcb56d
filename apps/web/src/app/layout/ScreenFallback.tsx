import { BlockLoading } from '@/shared/ui/BlockStates';

/** While a screen's code loads. */
export function ScreenFallback() {
  return (
    <div className="screen-fallback">
      <BlockLoading lines={5} label="页面加载中" />
    </div>
  );
}
