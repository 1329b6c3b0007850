import { FlowCanvas, type ParleyEditorConfig } from '@parley/editor';
import { useEffect, useRef } from 'react';
import '@parley/editor/editor.css';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn.css';

interface CanvasHostProps {
  config: Partial<ParleyEditorConfig>;
  onReady: (canvas: FlowCanvas | null) => void;
}

/** Mounts the bpmn-js canvas once; the editor drives it through the FlowCanvas facade. */
export function CanvasHost({ config, onReady }: CanvasHostProps) {
  const container = useRef<HTMLDivElement>(null);
  const initial = useRef({ config, onReady });
  useEffect(() => {
    if (!container.current) return;
    const canvas = new FlowCanvas(container.current, initial.current.config);
    initial.current.onReady(canvas);
    return () => {
      initial.current.onReady(null);
      canvas.destroy();
    };
  }, []);
  return <div ref={container} className="parley-flow-canvas" data-testid="flow-canvas" />;
}
