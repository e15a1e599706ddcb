export { CepInput, isCityWide, type CepInputProps } from './CepInput';
export { CpfInput, maskCpf, type CpfInputProps } from './CpfInput';
export { DateInput, type DateInputProps } from './DateInput';
export { MoneyInput, type MoneyInputProps } from './MoneyInput';
export { maskPhone, PhoneInput, type PhoneInputProps } from './PhoneInput';
