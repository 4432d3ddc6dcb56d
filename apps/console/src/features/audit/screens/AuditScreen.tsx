import { Result } from 'antd';

// Scaffolding: replaced by the feature's screen.
export default function Screen() {
  return <Result status="info" title="尚未实现" />;
}
