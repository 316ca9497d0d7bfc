import { DateInput, type DateInputProps, DatesProvider } from '@mantine/dates';
import { defaultLanguage, isLanguage } from '@olo/shared';
// Importing a dayjs locale registers its month and weekday names for the calendar (dayjs knows only English).
import en from 'dayjs/locale/en';
import fi from 'dayjs/locale/fi';
import sv from 'dayjs/locale/sv';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { displayFormat, fromPickerValue, parseTypedDate, toPickerValue } from './dateFieldValues.ts';

const monthNames = [en, fi, sv].flatMap((locale) =>
  (locale.months ?? []).map((name, index) => [name, locale.monthsShort?.[index] ?? name]),
);
/** Month names of every language at their month's index: "1 maaliskuu 2026" and "1 Mar 2026" both read. */
const namesByMonth = Array.from({ length: 12 }, (_unused, month) =>
  monthNames.filter((_names, index) => index % 12 === month).flat(),
);

type FieldProps = Omit<DateInputProps, 'value' | 'defaultValue' | 'onChange' | 'withTime' | 'valueFormat'> & {
  /** `YYYY-MM-DD` (or with `withTime` `YYYY-MM-DDTHH:mm`), as the native date inputs gave; '' for none. */
  value?: string;
  onChange?: (value: string) => void;
  'data-testid'?: string;
};

function PickerField({ value, onChange, withTime, clearable, required, ...props }: FieldProps & { withTime: boolean }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : defaultLanguage;
  // A day picked in the calendar keeps the time already typed (Mantine would reset it to midnight).
  const pickedDay = useRef(false);
  // A screen reader names each day of the calendar in full: "torstai 12. maaliskuuta 2026".
  const dayName = new Intl.DateTimeFormat(language, { dateStyle: 'full', timeZone: 'UTC' });
  const change = (picked: string | null) => {
    let next = fromPickerValue(picked, withTime);
    if (withTime && pickedDay.current && next && value) next = `${next.slice(0, 10)}${value.slice(10)}`;
    pickedDay.current = false;
    onChange?.(next);
  };
  return (
    <DatesProvider settings={{ locale: language, firstDayOfWeek: 1, weekendDays: [0, 6] }}>
      <DateInput
        {...props}
        required={required}
        value={toPickerValue(value, withTime)}
        onChange={change}
        withTime={withTime}
        valueFormat={displayFormat(language, withTime)}
        dateParser={(text) => parseTypedDate(text, withTime, namesByMonth)}
        clearable={clearable ?? !required}
        clearButtonProps={{ 'aria-label': t('Clear') }}
        getDayProps={() => ({ onClick: () => (pickedDay.current = true) })}
        getDayAriaLabel={(day) => dayName.format(new Date(`${day.slice(0, 10)}T00:00:00Z`))}
        ariaLabels={{
          previousMonth: t('Previous month'),
          nextMonth: t('Next month'),
          previousYear: t('Previous year'),
          nextYear: t('Next year'),
          previousDecade: t('Previous decade'),
          nextDecade: t('Next decade'),
          monthLevelControl: t('Choose the month'),
          yearLevelControl: t('Choose the year'),
        }}
      />
    </DatesProvider>
  );
}

/**
 * A date field in the user's language (typed, or picked in a calendar that starts on Monday) whose value is the
 * native date input's `YYYY-MM-DD`; spread a form's input props into it.
 */
export function DateField(props: FieldProps) {
  return <PickerField {...props} withTime={false} />;
}

/**
 * A date and time field whose value is the native datetime-local input's `YYYY-MM-DDTHH:mm`: a wall-clock time, whose
 * zone (the project's, or the viewer's) the form decides when it converts the value.
 */
export function DateTimeField(props: FieldProps) {
  return <PickerField {...props} withTime />;
}
