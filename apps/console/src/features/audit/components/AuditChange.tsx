import { Col, Row, Typography } from 'antd';

const PRE = {
  margin: '8px 0 0',
  padding: 12,
  background: '#fafafa',
  border: '1px solid #f0f0f0',
  borderRadius: 6,
  fontSize: 12,
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-all',
} as const;

/** JSON as indented text (React escapes it: nothing in it is ever markup). */
function JsonText({ value }: { value: unknown }) {
  if (value === null || value === undefined) {
    return (
      <div>
        <Typography.Text type="secondary">—</Typography.Text>
      </div>
    );
  }
  return <pre style={PRE}>{JSON.stringify(value, null, 2)}</pre>;
}

/** An audit row's before and after, side by side. */
export function AuditChange({ before, after }: { before: unknown; after: unknown }) {
  return (
    <Row gutter={16}>
      <Col span={12}>
        <Typography.Text strong>变更前</Typography.Text>
        <JsonText value={before} />
      </Col>
      <Col span={12}>
        <Typography.Text strong>变更后</Typography.Text>
        <JsonText value={after} />
      </Col>
    </Row>
  );
}
