import type { TablePaginationConfig } from 'antd';
import { useState } from 'react';

/**
 * A table's page and page size (20 to start), paged by the server and kept in the screen (not the
 * address): a new page size goes back to page 1. `pagination(total)` is the table's pager, counting
 * in `unit` (共 N 条); the size picker always shows unless `sizePickerPast50` (antd's own rule).
 */
export function usePaging(options: { unit?: string; sizePickerPast50?: boolean } = {}) {
  const unit = options.unit ?? '条';
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const pagination = (total: number): TablePaginationConfig => ({
    current: page,
    pageSize,
    total,
    ...(options.sizePickerPast50 ? {} : { showSizeChanger: true }),
    showTotal: (n) => `共 ${n} ${unit}`,
    onChange: (p, size) => {
      setPage(size === pageSize ? p : 1);
      setPageSize(size);
    },
  });
  return { page, pageSize, setPage, pagination };
}
