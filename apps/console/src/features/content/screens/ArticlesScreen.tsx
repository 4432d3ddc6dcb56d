import { Typography } from 'antd';

/** 帮助文章 (being built). */
export default function ArticlesScreen() {
  return <Typography.Title level={4}>帮助文章</Typography.Title>;
}
