import { lazyPage } from '../lib/lazy-page.tsx';
import type { RouteObject } from 'react-router-dom';
import { ToNextPage } from '../lib/next-path.tsx';
import { WEB_ROUTES } from '@parliamo/domain/web-routes';

const Login = lazyPage(() => import('../pages/public/Login.tsx'));
const Register = lazyPage(() => import('../pages/public/Register.tsx'));
const RequestPasswordReset = lazyPage(() => import('../pages/public/RequestPasswordReset.tsx'));
const ResetPassword = lazyPage(() => import('../pages/public/ResetPassword.tsx'));
const Teachers = lazyPage(() => import('../pages/public/Teachers.tsx'));
const TeacherPublicProfile = lazyPage(() => import('../pages/public/TeacherPublicProfile.tsx'));
const Courses = lazyPage(() => import('../pages/public/Courses.tsx'));
const CourseDetail = lazyPage(() => import('../pages/public/CourseDetail.tsx'));
const SchoolRome = lazyPage(() => import('../pages/public/SchoolRome.tsx'));
const Faq = lazyPage(() => import('../pages/public/Faq.tsx'));
const AboutUs = lazyPage(() => import('../pages/public/AboutUs.tsx'));
const PrivacyPolicy = lazyPage(() => import('../pages/public/PrivacyPolicy.tsx'));
const TermsConditions = lazyPage(() => import('../pages/public/TermsConditions.tsx'));
const NotFound = lazyPage(() => import('../pages/public/NotFound.tsx'));
const TestCheckout = lazyPage(() => import('../pages/TestCheckout.tsx'));
const PaymentSuccess = lazyPage(() => import('../pages/PaymentSuccess.tsx'));

/**
 * Routes for everyone (spec "Logged-out routes" and "Routes in both states").
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
