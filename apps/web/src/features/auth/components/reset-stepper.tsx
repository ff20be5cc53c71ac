import Box from '@mui/material/Box';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export const RESET_STEPS = ['find', 'choose', 'code', 'password'] as const;
export type ResetStep = (typeof RESET_STEPS)[number];

/** Out of sight but still read by screen readers. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * The four steps across the top. On a phone the circles stay in one row without their labels
 * (Lao labels would wrap into a tall block) and one line below names the current step.
 */
export function ResetStepper({ active }: { active: ResetStep }) {
  const { t } = useTranslation('password-help');
  const index = RESET_STEPS.indexOf(active);
  return (
    <Box sx={{ mb: 3 }}>
      <Stepper activeStep={index} alternativeLabel data-testid="reset-steps">
        {RESET_STEPS.map((step, i) => (
          <Step key={step}>
            <StepLabel
              aria-current={i === index ? 'step' : undefined}
              slotProps={{
                label: {
                  sx: (theme) => ({
                    '&&': { mt: 0.75, fontSize: '0.8125rem', lineHeight: 1.4 },
                    [theme.breakpoints.down('sm')]: visuallyHidden,
                  }),
                },
              }}
            >
              {t(`steps.${step}`)}
            </StepLabel>
          </Step>
        ))}
      </Stepper>
      <Typography
        aria-hidden
        variant="body2"
        color="text.secondary"
        sx={{ display: { sm: 'none' }, textAlign: 'center', mt: 1 }}
        data-testid="reset-step-caption"
      >
        {t('stepOf', { step: index + 1, total: RESET_STEPS.length, name: t(`steps.${active}`) })}
      </Typography>
    </Box>
  );
}
