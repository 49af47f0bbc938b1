import { lazyPage } from '../lib/lazy-page.tsx';
import { Navigate, type RouteObject } from 'react-router-dom';

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
 * "/" is chosen in App.tsx by role; signed-in users on /login and /register go to /.
 */
export function publicRoutes(signedIn: boolean): RouteObject[] {
  const visitorOnly = (page: React.ReactNode) => (signedIn ? <Navigate to="/" replace /> : page);
  return [
    { path: '/login', element: visitorOnly(<Login />) },
    { path: '/register', element: visitorOnly(<Register />) },
    { path: '/request-password-reset', element: <RequestPasswordReset /> },
    { path: '/reset-password', element: <ResetPassword /> },
    { path: '/teachers', element: <Teachers /> },
    { path: '/teacher/:id', element: <TeacherPublicProfile /> },
    { path: '/courses', element: <Courses /> },
    { path: '/courses/:id', element: <CourseDetail /> },
    { path: '/school-rome', element: <SchoolRome /> },
    { path: '/faq', element: <Faq /> },
    { path: '/about-us', element: <AboutUs /> },
    { path: '/privacy-policy', element: <PrivacyPolicy /> },
    { path: '/terms-conditions', element: <TermsConditions /> },
    // The local test checkout (no Stripe key) and the checkout's return page.
    { path: '/test-checkout/:paymentId', element: <TestCheckout /> },
    { path: '/payment-success', element: <PaymentSuccess /> },
    { path: '*', element: <NotFound /> },
  ];
}
