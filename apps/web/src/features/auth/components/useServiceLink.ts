import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@/shared/api/client';
import { siteQueries } from '@/shared/queries/site';
import { openExternal } from '@/shared/ui/openExternal';
import { showToast } from '@/shared/ui/toast';

/** Opens customer service (getservicerurl) in a new window; the address is fetched ahead of the tap. */
export function useServiceLink(): () => void {
  const service = useQuery(siteQueries.serviceUrl());
  return () => {
    const open = (url: string) => {
      if (!openExternal(url)) showToast('客服暂不可用，请稍后再试', 'fail');
    };
    if (service.data) {
      open(service.data);
      return;
    }
    void service.refetch().then((r) => {
      if (r.data) open(r.data);
      else showToast(errorMessage(r.error), 'fail');
    });
  };
}
