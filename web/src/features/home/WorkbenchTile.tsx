import { ArrowLeftOutlined, ArrowRightOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import type { HomeApplication } from '@uniwim/contracts/client';
import { Button, Tooltip } from 'antd';
import { AppIcon } from './AppIcon';
import type { HomeTexts } from './home-texts';

export interface TileDrag {
  dragging: string | null;
  target: string | null;
  start(id: string): void;
  over(id: string): void;
  drop(id: string): void;
  end(): void;
}

/** One application of the workbench: opens on click, moves by drag and drop or its arrows. */
export const WorkbenchTile = ({
  application,
  texts,
  favourite,
  drag,
  onOpen,
  onFavourite,
  onMove,
}: {
  application: HomeApplication;
  texts: HomeTexts['workbench'];
  favourite: boolean;
  /** Absent where the tile is not arranged (favourites, recently used). */
  drag?: TileDrag;
  onOpen(): void;
  onFavourite(): void;
  onMove?(step: -1 | 1): void;
}) => {
  const classes = ['workbench-tile'];
  if (drag?.dragging === application.id) classes.push('workbench-tile--dragging');
  if (drag?.target === application.id && drag.dragging !== application.id)
    classes.push('workbench-tile--target');
  return (
    <div
      className={classes.join(' ')}
      data-testid={drag ? 'workbench-tile' : 'workbench-shortcut'}
      data-app-id={application.id}
      draggable={drag !== undefined}
      onDragStart={
        drag
          ? (event) => {
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', application.id);
              drag.start(application.id);
            }
          : undefined
      }
      onDragOver={
        drag
          ? (event) => {
              event.preventDefault();
              drag.over(application.id);
            }
          : undefined
      }
      onDrop={
        drag
          ? (event) => {
              event.preventDefault();
              drag.drop(application.id);
            }
          : undefined
      }
      onDragEnd={drag ? () => drag.end() : undefined}
    >
      <Button type="text" className="workbench-tile__open" onClick={onOpen} aria-label={application.name}>
        <AppIcon icon={application.icon} size={40} />
      </Button>
      <span className="workbench-tile__name">{application.name}</span>
      <span className="workbench-tile__category">{application.category ?? texts.uncategorised}</span>
      <div className="workbench-tile__actions">
        <Tooltip title={favourite ? texts.unfavourite : texts.favourite}>
          <Button
            size="small"
            type="text"
            aria-pressed={favourite}
            aria-label={favourite ? texts.unfavourite : texts.favourite}
            data-testid="workbench-favourite"
            icon={favourite ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
            onClick={onFavourite}
          />
        </Tooltip>
        {onMove && (
          <>
            <Button
              size="small"
              type="text"
              aria-label={texts.moveEarlier}
              icon={<ArrowLeftOutlined />}
              onClick={() => onMove(-1)}
            />
            <Button
              size="small"
              type="text"
              aria-label={texts.moveLater}
              icon={<ArrowRightOutlined />}
              onClick={() => onMove(1)}
            />
          </>
        )}
      </div>
    </div>
  );
};
