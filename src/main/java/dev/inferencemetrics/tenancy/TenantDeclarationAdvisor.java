package dev.inferencemetrics.tenancy;

import java.lang.reflect.Method;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.aopalliance.aop.Advice;
import org.aopalliance.intercept.MethodInterceptor;
import org.aopalliance.intercept.MethodInvocation;
import org.jspecify.annotations.Nullable;
import org.springframework.aop.ClassFilter;
import org.springframework.aop.Pointcut;
import org.springframework.aop.support.AbstractPointcutAdvisor;
import org.springframework.aop.support.AopUtils;
import org.springframework.aop.support.StaticMethodMatcherPointcut;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.stereotype.Component;
import org.springframework.transaction.NoTransactionException;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.interceptor.TransactionAspectSupport;

/**
 * Declares the tenant of every transactional method of the application's components, inside its transaction (the
 * transaction advice is ordered to run first): the scope is the method's first argument that is a
 * {@link TenantScope}, a {@link Caller}'s scope or a {@link TenantOwned}'s tenant, or every tenant for a method marked
 * {@link AcrossTenants}. A method with none of these declares nothing and, in a transaction of its own, reads no
 * tenant's rows. No service calls {@link DatabaseTenant} itself.
 */
final class TenantDeclarationAdvisor extends AbstractPointcutAdvisor {

    private final Pointcut pointcut = new TransactionalComponents();
    private final Advice advice;

    TenantDeclarationAdvisor(ObjectProvider<TenantDeclaration> declaration) {
        this.advice = new DeclareScope(declaration);
        setOrder(LOWEST_PRECEDENCE);
    }

    @Override
    public Pointcut getPointcut() {
        return pointcut;
    }

    @Override
    public Advice getAdvice() {
        return advice;
    }

    /** Methods marked {@link Transactional}, or of a class so marked, on Spring components (not Spring Data's). */
    private static final class TransactionalComponents extends StaticMethodMatcherPointcut {

        @Override
        public ClassFilter getClassFilter() {
            return type -> AnnotatedElementUtils.hasAnnotation(type, Component.class);
        }

        @Override
        public boolean matches(Method method, Class<?> targetClass) {
            Method specific = AopUtils.getMostSpecificMethod(method, targetClass);
            return AnnotatedElementUtils.hasAnnotation(specific, Transactional.class)
                    || AnnotatedElementUtils.hasAnnotation(targetClass, Transactional.class);
        }
    }

    private static final class DeclareScope implements MethodInterceptor {

        private final ObjectProvider<TenantDeclaration> declaration;
        private final Map<Method, ScopeSource> sources = new ConcurrentHashMap<>();

        DeclareScope(ObjectProvider<TenantDeclaration> declaration) {
            this.declaration = declaration;
        }

        @Override
        public @Nullable Object invoke(MethodInvocation invocation) throws Throwable {
            Method method = invocation.getThis() == null
                    ? invocation.getMethod()
                    : AopUtils.getMostSpecificMethod(
                            invocation.getMethod(), invocation.getThis().getClass());
            TenantScope scope = sources.computeIfAbsent(method, ScopeSource::of).scope(invocation.getArguments());
            return declaration.getObject().run(scope, beganTransaction(), invocation::proceed);
        }

        private static boolean beganTransaction() {
            try {
                return TransactionAspectSupport.currentTransactionStatus().isNewTransaction();
            } catch (NoTransactionException e) {
                return false;
            }
        }
    }
}
