import { createContext, useContext } from 'react';
import type { FrameLoop } from './charts/frame-loop';
import type { RunController } from './run/controller';
import type { AppStore } from './store/app-store';

/** What every component (including the editor and inspector slots) gets from the app. */
export interface AppServices {
  store: AppStore;
  controller: RunController;
  loop: FrameLoop;
}

export const AppContext = createContext<AppServices | null>(null);

export function useServices(): AppServices {
  const s = useContext(AppContext);
  if (!s) throw new Error('useServices outside <AppContext.Provider>');
  return s;
}
