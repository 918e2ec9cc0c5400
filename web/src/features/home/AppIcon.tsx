import { AppstoreOutlined } from '@ant-design/icons';

/** Icons come from the catalogue: only this site's files or http(s) addresses are shown. */
const SAFE_ICON = /^(\/(?!\/)|https?:\/\/)/i;

export const AppIcon = ({ icon, size = 32 }: { icon: string | null; size?: number }) =>
  icon && SAFE_ICON.test(icon.trim()) ? (
    <img className="home-app-icon" src={icon.trim()} alt="" width={size} height={size} />
  ) : (
    <AppstoreOutlined className="home-app-icon home-app-icon--default" style={{ fontSize: size * 0.75 }} />
  );
