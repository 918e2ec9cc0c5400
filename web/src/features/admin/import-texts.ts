import { useLocalizedTexts } from '../../i18n/texts';

const zhCN = {
  title: '导入',
  template: '下载导入模板',
  drop: '点击或拖入 Excel 文件（.xlsx）',
  updateExisting: '更新已存在的数据',
  allOrNone: '全部成功才写入（任一行有误则都不写入）',
  preview: '预览',
  commit: '导入',
  row: '行号',
  action: '操作',
  create: '新增',
  update: '更新',
  errors: '错误',
  summary: (total: number, valid: number, invalid: number) =>
    `共 ${total} 行：${valid} 行可导入，${invalid} 行有误`,
  ignored: (columns: string) => `以下列不属于模板，将被忽略：${columns}`,
  done: (created: number, updated: number, failed: number) =>
    `导入完成：新增 ${created} 条，更新 ${updated} 条，失败 ${failed} 条`,
  rolledBack: '有行未通过，按“全部成功才写入”未写入任何数据',
  errorWorkbook: '下载失败行（含原因）',
  queued: '导入已转为后台任务',
  queuedHint: '完成后可在下载中心查看结果',
  /** Issue 25: what the import did for the new users. */
  receipt: (kind: string, count: number) =>
    kind === 'activation-sms'
      ? `已向 ${count} 名新用户发送激活短信，他们可凭手机验证码设置密码`
      : kind === 'initial-passwords'
        ? `已为 ${count} 名新用户生成初始密码：请立即下载并转交，文件仅可下载一次，1 小时内有效`
        : '',
  receiptDownload: '下载初始密码',
  receiptDownloaded: '已下载（文件已删除）',
};

export type ImportTexts = typeof zhCN;

const enUS: ImportTexts = {
  title: 'Import ',
  template: 'Download the import template',
  drop: 'Click or drop an Excel file (.xlsx)',
  updateExisting: 'Update existing records',
  allOrNone: 'All or nothing (one bad row writes nothing)',
  preview: 'Preview',
  commit: 'Import',
  row: 'Row',
  action: 'Action',
  create: 'New',
  update: 'Update',
  errors: 'Errors',
  summary: (total, valid, invalid) => `${total} rows: ${valid} can be imported, ${invalid} have errors`,
  ignored: (columns) => `These columns are not in the template and are ignored: ${columns}`,
  done: (created, updated, failed) => `Imported: ${created} new, ${updated} updated, ${failed} failed`,
  rolledBack: 'Some rows failed, so with "all or nothing" nothing was written',
  errorWorkbook: 'Download the failed rows (with reasons)',
  queued: 'The import runs as a background job',
  queuedHint: 'Its result appears in the download centre',
  receipt: (kind, count) =>
    kind === 'activation-sms'
      ? `An activation SMS was sent to ${count} new users: they set their passwords with a code sent to their phones`
      : kind === 'initial-passwords'
        ? `Initial passwords were made for ${count} new users: download and hand them over now; the file can be downloaded once, within an hour`
        : '',
  receiptDownload: 'Download the initial passwords',
  receiptDownloaded: 'Downloaded (the file is deleted)',
};

export const useImportTexts = () => useLocalizedTexts({ 'zh-CN': zhCN, 'en-US': enUS });
