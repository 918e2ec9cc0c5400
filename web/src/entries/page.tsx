import { mountPage } from '../app/mount';
import { PageApp } from '../features/pages/PageApp';
import { isFramed, startPageSession } from '../features/pages/page-session';
import { ReaderZoneBoundary } from '../features/pages/ReaderZoneBoundary';

// Spec section 4 "Frame ready": a token handed over in the address is saved before anything loads,
// so every call of the page's views goes out as the user the shell opened it for.
const framed = isFramed();
startPageSession(location, localStorage, framed);
mountPage(
  <ReaderZoneBoundary>
    <PageApp framed={framed} />
  </ReaderZoneBoundary>,
);
