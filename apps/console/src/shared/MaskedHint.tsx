import { Tag } from 'antd';

/** Said beside a masked mobile or card number: who sees it in full. */
export function MaskedHint() {
  return (
    <Tag className="masked-hint" style={{ marginLeft: 8 }}>
      已隐藏，财务可见
    </Tag>
  );
}
