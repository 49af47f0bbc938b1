import { lazyPage } from '../lib/lazy-page.tsx';
import type { RouteObject } from 'react-router-dom';
import { ToNextPage } from '../lib/next-path.tsx';
import { WEB_ROUTES } from '@parliamo/domain/web-routes';

const Login = lazyPage(() => import('../features/accounts/pages/Login.tsx'));
const Register = lazyPage(() => import('../features/accounts/pages/Register.tsx'));
const RequestPasswordReset = lazyPage(() => import('../features/accounts/pages/RequestPasswordReset.tsx'));
const ResetPassword = lazyPage(() => import('../features/accounts/pages/ResetPassword.tsx'));
const Teachers = lazyPage(() => import('../features/teachers/pages/Teachers.tsx'));
const TeacherPublicProfile = lazyPage(() => import('../features/site/pages/TeacherPublicProfile.tsx'));
const Courses = lazyPage(() => import('../features/site/pages/Courses.tsx'));
const CourseDetail = lazyPage(() => import('../features/site/pages/CourseDetail.tsx'));
const SchoolRome = lazyPage(() => import('../features/site/pages/SchoolRome.tsx'));
const Faq = lazyPage(() => import('../features/site/pages/Faq.tsx'));
const AboutUs = lazyPage(() => import('../features/site/pages/AboutUs.tsx'));
const PrivacyPolicy = lazyPage(() => import('../features/site/pages/PrivacyPolicy.tsx'));
const TermsConditions = lazyPage(() => import('../features/site/pages/TermsConditions.tsx'));
const NotFound = lazyPage(() => import('../components/NotFound.tsx'));
const TestCheckout = lazyPage(() => import('../features/payments/pages/TestCheckout.tsx'));
const PaymentSuccess = lazyPage(() => import('../features/payments/pages/PaymentSuccess.tsx'));

/**
 * Routes for everyone.
 * "/" is chosen in App.tsx by role; signed-in users on /login and /register go to / (or their `?next=` page).
 */
export function publicRoutes(signedIn: boolean): RouteObject[] {
  const visitorOnly = (page: React.ReactNode) => (signedIn ? <ToNextPage /> : page);
  return [
    { path: WEB_ROUTES.login, element: visitorOnly(<Login />) },
    { path: WEB_ROUTES.register, element: visitorOnly(<Register />) },
    { path: WEB_ROUTES.requestPasswordReset, element: <RequestPasswordReset /> },
    { path: WEB_ROUTES.resetPassword, element: <ResetPassword /> },
    { path: WEB_ROUTES.teachers, element: <Teachers /> },
    { path: WEB_ROUTES.teacher, element: <TeacherPublicProfile /> },
    { path: WEB_ROUTES.courses, element: <Courses /> },
    { path: WEB_ROUTES.course, element: <CourseDetail /> },
    { path: WEB_ROUTES.schoolRome, element: <SchoolRome /> },
    { path: WEB_ROUTES.faq, element: <Faq /> },
    { path: WEB_ROUTES.aboutUs, element: <AboutUs /> },
    { path: WEB_ROUTES.privacyPolicy, element: <PrivacyPolicy /> },
    { path: WEB_ROUTES.termsConditions, element: <TermsConditions /> },
    // The local test checkout (no Stripe key) and the checkout's return page.
    { path: WEB_ROUTES.testCheckout, element: <TestCheckout /> },
    { path: WEB_ROUTES.paymentSuccess, element: <PaymentSuccess /> },
    { path: '*', element: <NotFound /> },
  ];
}
