import { sessionDoctor, type SessionDoctor } from './session-doctor';
import type { ModelParts } from './wire-model';
import type { SessionParts, Setup } from './wire-session';
import type { WiringStep } from './wiring';

export interface DoctorParts {
  doctor: SessionDoctor;
}

/** `tick doctor` for this session: `/doctor`, and the one line after the first failed request. */
export const doctorStep: WiringStep<
  Setup & Pick<SessionParts, 'baseURL' | 'apiKey'> & ModelParts,
  DoctorParts
> = {
  name: 'doctor',
  wire: ({ config, baseURL, apiKey, model }) => ({
    doctor: sessionDoctor(config, { baseURL, apiKey, model: () => model.name }),
  }),
};
