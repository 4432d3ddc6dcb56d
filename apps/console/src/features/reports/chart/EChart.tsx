import { Skeleton } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';

type Instance = {
  setOption: (o: EChartsCoreOption, notMerge?: boolean) => void;
  resize: () => void;
  dispose: () => void;
};

/** One chart: ECharts loaded on first use (its own chunk), redrawn when `option` changes. */
export function EChart({
  option,
  height = 280,
  label,
}: {
  option: EChartsCoreOption;
  height?: number;
  label: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<Instance | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let gone = false;
    const onResize = () => chart.current?.resize();
    import('./echarts')
      .then(({ echarts }) => {
        if (gone || !box.current) return;
        try {
          chart.current = echarts.init(box.current) as Instance;
        } catch {
          setFailed(true);
          return;
        }
        window.addEventListener('resize', onResize);
        setReady(true);
      })
      .catch(() => setFailed(true));
    return () => {
      gone = true;
      window.removeEventListener('resize', onResize);
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    if (!ready) return;
    try {
      chart.current?.setOption(option, true);
    } catch {
      // A chart that cannot draw (no canvas) stays empty: it must not take the tables down with it.
    }
  }, [ready, option]);

  return (
    <div role="img" aria-label={label} style={{ position: 'relative', height }}>
      <div ref={box} style={{ height }} />
      {!ready && !failed && <Skeleton active style={{ position: 'absolute', inset: 0 }} />}
      {failed && (
        <div style={{ position: 'absolute', inset: 0, color: '#999' }}>图表加载失败，请刷新页面</div>
      )}
    </div>
  );
}
