import { mountPage } from '../app/mount';
import { MobileApp } from '../features/mobile/MobileApp';

// The mobile page signs in by itself (a scanned QR code must survive the sign-in), then shows the
// user, the QR scanner and the confirm screen of scanned codes. The sign-in page sends phones here
// when isRedirect is "1".
mountPage(<MobileApp />);
