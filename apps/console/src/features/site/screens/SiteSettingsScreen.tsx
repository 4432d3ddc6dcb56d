import { consoleSetMaintenance } from '@app/contract/console-site';
import { useQuery } from '@tanstack/react-query';
import { Card, Skeleton } from 'antd';
import { QueryError } from '@/shared/QueryError';
import { useMayCall } from '@/shared/session';
import { siteSettingsQuery } from '../api';
import { AddressesCard } from '../components/AddressesCard';
import { MaintenanceCard } from '../components/MaintenanceCard';

/** 站点设置: maintenance with its message, and the addresses members are sent to. */
export default function SiteSettingsScreen() {
  const query = useQuery(siteSettingsQuery());
  const mayEdit = useMayCall(consoleSetMaintenance);
  if (query.isError) return <QueryError error={query.error} retry={() => void query.refetch()} />;
  if (!query.data) {
    return (
      <Card title="站点设置">
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }
  const s = query.data;
  // Each form is keyed by what it shows: a save refills that form only, not the other's typing.
  return (
    <>
      <MaintenanceCard key={`${s.maintenance}|${s.repair_tips}`} settings={s} mayEdit={mayEdit} />
      <AddressesCard
        key={[s.service_url, s.agent_login_url, s.ios_download_url, s.ios_download_qrcode, s.h5_url].join(
          '|',
        )}
        settings={s}
        mayEdit={mayEdit}
      />
    </>
  );
}
