import { Button, Result } from 'antd';
import { ApiError, errorMessage } from './api';

/**
 * What a screen shows when its data could not be read: 无权访问 for a role the server refused (403),
 * else the server's message with 重试.
 */
export function QueryError({ error, retry }: { error: unknown; retry: () => void }) {
  if (error instanceof ApiError && error.status === 403) {
    return (
      <Result status="403" title="无权访问" subTitle="您的角色不能查看此页面，如需权限请联系超级管理员。" />
    );
  }
  return (
    <Result
      status="error"
      title="加载失败"
      subTitle={errorMessage(error)}
      extra={
        <Button type="primary" onClick={retry}>
          重试
        </Button>
      }
    />
  );
}
