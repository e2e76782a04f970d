package dev.inferencemetrics.tenancy;

import java.lang.reflect.Method;
import org.jspecify.annotations.Nullable;
import org.springframework.core.annotation.AnnotatedElementUtils;

/** Where a transactional method's tenant scope comes from: its annotation, one of its arguments, or nowhere. */
sealed interface ScopeSource {

    /** The scope of one call with these arguments; null when there is none to declare. */
    @Nullable
    TenantScope scope(@Nullable Object[] arguments);

    /** Marked {@link AcrossTenants}. */
    record Across() implements ScopeSource {
        @Override
        public TenantScope scope(@Nullable Object[] arguments) {
            return TenantScope.allTenants();
        }
    }

    /** The argument at this position, a {@link TenantScope}, {@link Caller} or {@link TenantOwned}. */
    record Argument(int index) implements ScopeSource {
        @Override
        public @Nullable TenantScope scope(@Nullable Object[] arguments) {
            return scopeOf(arguments[index]);
        }
    }

    /** Neither: the method keeps whatever its transaction declared, and a transaction of its own sees no rows. */
    record None() implements ScopeSource {
        @Override
        public @Nullable TenantScope scope(@Nullable Object[] arguments) {
            return null;
        }
    }

    static ScopeSource of(Method method) {
        if (AnnotatedElementUtils.hasAnnotation(method, AcrossTenants.class)) {
            return new Across();
        }
        Class<?>[] types = method.getParameterTypes();
        for (int i = 0; i < types.length; i++) {
            if (isScopeType(types[i])) {
                return new Argument(i);
            }
        }
        return new None();
    }

    /** Whether an argument of this type names the tenant scope of a call. */
    static boolean isScopeType(Class<?> type) {
        return TenantScope.class.isAssignableFrom(type)
                || Caller.class.isAssignableFrom(type)
                || TenantOwned.class.isAssignableFrom(type);
    }

    private static @Nullable TenantScope scopeOf(@Nullable Object argument) {
        return switch (argument) {
            case null -> null;
            case TenantScope scope -> scope;
            case Caller caller -> caller.scope();
            case TenantOwned owned -> TenantScope.tenant(owned.tenantId());
            default -> null;
        };
    }
}
