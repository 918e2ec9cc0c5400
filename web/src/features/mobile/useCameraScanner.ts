import { type RefObject, useEffect, useRef, useState } from 'react';
import { chooseQrFrameReader } from './camera-scan';

export type CameraStatus = 'starting' | 'scanning' | 'unavailable';

const FRAME_INTERVAL_MS = 250;

/**
 * Shows the back camera in the video element and reads QR codes from its frames until `onText`
 * accepts one (returns true). Without a camera (or permission, or a secure page) the status is
 * "unavailable" and the page offers pasting the link instead.
 */
export const useCameraScanner = (
  video: RefObject<HTMLVideoElement | null>,
  onText: (text: string) => boolean,
): CameraStatus => {
  const [status, setStatus] = useState<CameraStatus>('starting');
  const accept = useRef(onText);
  useEffect(() => {
    accept.current = onText;
  }, [onText]);

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    const stopStream = () => {
      for (const track of stream?.getTracks() ?? []) track.stop();
    };

    const start = async () => {
      const element = video.current;
      if (!element || !navigator.mediaDevices?.getUserMedia) {
        setStatus('unavailable');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
        // Left before the camera answered: release it at once.
        if (stopped) return stopStream();
        element.srcObject = stream;
        await element.play();
        const reader = await chooseQrFrameReader();
        if (stopped) return;
        setStatus('scanning');
        const tick = async () => {
          if (stopped) return;
          try {
            const text = element.readyState >= 2 ? await reader.read(element) : null;
            if (text && !stopped && accept.current(text)) return;
          } catch {
            // One unreadable frame: try the next.
          }
          if (!stopped) timer = window.setTimeout(() => void tick(), FRAME_INTERVAL_MS);
        };
        void tick();
      } catch {
        if (!stopped) setStatus('unavailable');
      }
    };
    void start();

    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stopStream();
    };
  }, [video]);

  return status;
};
