import {
  BoldOutlined,
  ClearOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { useLocalizedTexts } from '../../../../i18n/texts';
import { noticeAdminTexts } from './notices-texts';
import '../../../notices/notices.css';

interface ControlProps {
  value?: unknown;
  onChange?(value: unknown): void;
  id?: string;
}

/**
 * The notice body's rich-text editor: the browser's own editing (Chinese input methods and pasted
 * content work as anywhere), a small toolbar, and HTML as the value. What is pasted may carry
 * anything: the server keeps only what its allow-list allows, and the detail page shows only that.
 */
export const RichTextInput = ({ value, onChange, id }: ControlProps) => {
  const texts = useLocalizedTexts(noticeAdminTexts);
  const editor = useRef<HTMLDivElement>(null);
  const emitted = useRef<string | null>(null);

  // The value is written into the editor only when it did not come from the editor itself: rewriting
  // it while typing would lose the caret and break an input method's composition.
  useEffect(() => {
    const element = editor.current;
    const html = typeof value === 'string' ? value : '';
    if (element && html !== emitted.current && element.innerHTML !== html) element.innerHTML = html;
  }, [value]);

  const emit = () => {
    const html = editor.current?.innerHTML ?? '';
    emitted.current = html;
    onChange?.(html);
  };
  const command = (name: string) => {
    editor.current?.focus();
    document.execCommand(name);
    emit();
  };
  const tool = (name: string, label: string, icon: ReactNode) => (
    <Tooltip title={label}>
      <Button
        size="small"
        type="text"
        aria-label={label}
        icon={icon}
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => command(name)}
      />
    </Tooltip>
  );
  return (
    <div className="rich-text-input">
      <div className="rich-text-input__toolbar">
        {tool('bold', texts.bold, <BoldOutlined />)}
        {tool('italic', texts.italic, <ItalicOutlined />)}
        {tool('underline', texts.underline, <UnderlineOutlined />)}
        {tool('insertOrderedList', texts.orderedList, <OrderedListOutlined />)}
        {tool('insertUnorderedList', texts.bulletList, <UnorderedListOutlined />)}
        {tool('removeFormat', texts.clearFormat, <ClearOutlined />)}
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a rich-text editor is an editable element, not a textarea */}
      <div
        id={id}
        ref={editor}
        className="rich-text-input__editor notice-body"
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label={texts.editorLabel}
        tabIndex={0}
        data-testid="notice-body-editor"
        onInput={emit}
        onBlur={emit}
      />
    </div>
  );
};
