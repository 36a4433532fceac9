// Signup: what routes and jobs may use.
export { checkAvailability, emailTaken, hoaNameTaken, SIGNUP_RATE_LIMITS } from './availability';
export { ABANDONED_SIGNUP_MS, completeSignup, confirmPayment, purgeAbandonedSignups, setupHoa } from './complete';
export { listPlans } from './plans';
export { startTrial } from './trial';
