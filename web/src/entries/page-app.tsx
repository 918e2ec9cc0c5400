import { mountPage } from '../app/mount';
import { PageApp } from '../features/pages/PageApp';

/** page.html's React app (React, antd and the routes), loaded by page.tsx after its early requests. */
export const mountPageApp = (framed: boolean) => mountPage(<PageApp framed={framed} />);
