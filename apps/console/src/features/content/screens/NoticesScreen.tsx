import { Card, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { Announcements } from '../components/Announcements';
import { HomeNotices } from '../components/HomeNotices';

/** 公告: the hall's scrolling notices (plain text) and the announcements for everyone (rich text). */
export default function NoticesScreen() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'notices' ? 'notices' : 'home';
  return (
    <Card title="公告">
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'home' ? {} : { tab: key })}
        items={[
          { key: 'home', label: '滚动公告', children: <HomeNotices /> },
          { key: 'notices', label: '站内公告', children: <Announcements /> },
        ]}
      />
    </Card>
  );
}
