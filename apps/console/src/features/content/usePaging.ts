import type { TablePaginationConfig } from 'antd';
import { useState } from 'react';

/** A list's page and page size (20 to start; a new size goes back to page 1) and the table's pagination. */
export function usePaging() {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const pagination = (total: number): TablePaginationConfig => ({
    current: page,
    pageSize,
    total,
    showTotal: (n) => `共 ${n} 条`,
    onChange: (p, size) => {
      setPage(size === pageSize ? p : 1);
      setPageSize(size);
    },
  });
  return { page, pageSize, pagination };
}
