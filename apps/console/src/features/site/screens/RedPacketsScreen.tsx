import { consoleSetRedPacketBands } from '@app/contract/console-site';
import { useQuery } from '@tanstack/react-query';
import { Card, Skeleton } from 'antd';
import { QueryError } from '@/shared/QueryError';
import { useMayCall } from '@/shared/session';
import { redPacketsQuery } from '../api';
import { BandsCard } from '../components/BandsCard';
import { RedPacketSwitchCard } from '../components/RedPacketSwitchCard';

/** 红包设置: the switch and the bands. */
export default function RedPacketsScreen() {
  const query = useQuery(redPacketsQuery());
  const mayEdit = useMayCall(consoleSetRedPacketBands);
  if (query.isError) return <QueryError error={query.error} retry={() => void query.refetch()} />;
  if (!query.data) {
    return (
      <Card title="红包设置">
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }
  return (
    <>
      <RedPacketSwitchCard view={query.data} mayEdit={mayEdit} />
      {/* Keyed by the saved bands: a save refills the form with what the server kept (sorted). */}
      <BandsCard key={JSON.stringify(query.data.bands)} view={query.data} mayEdit={mayEdit} />
    </>
  );
}
