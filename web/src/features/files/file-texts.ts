import type { LocalizedTexts } from '../../i18n/texts';

const zhCN = {
  choose: '选择文件',
  replace: '重新上传',
  clear: '清除',
  uploading: (percent: number) => `上传中 ${percent}%`,
  uploaded: '上传成功',
  failed: '上传失败',
  tooLarge: (limit: string) => `文件不能超过 ${limit}`,
  loadFailed: '文件信息读取失败',
  download: '下载',
  preview: '预览',
};

export type FileTexts = typeof zhCN;

export const fileTexts: LocalizedTexts<FileTexts> = {
  'zh-CN': zhCN,
  'en-US': {
    choose: 'Choose a file',
    replace: 'Upload another',
    clear: 'Clear',
    uploading: (percent) => `Uploading ${percent}%`,
    uploaded: 'Uploaded',
    failed: 'Upload failed',
    tooLarge: (limit) => `The file may not exceed ${limit}`,
    loadFailed: 'Could not read the file',
    download: 'Download',
    preview: 'Preview',
  },
};

/** 1536 → "1.5 KB"; sizes the way file managers show them. */
export const formatBytes = (bytes: number): string => {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 100 ? Math.round(value) : Math.round(value * 10) / 10} ${units[unit]}`;
};
