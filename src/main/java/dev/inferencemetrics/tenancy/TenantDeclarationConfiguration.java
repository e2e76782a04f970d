package dev.inferencemetrics.tenancy;

import org.springframework.aop.Advisor;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Role;
import org.springframework.core.Ordered;
import org.springframework.transaction.annotation.EnableTransactionManagement;

/**
 * Transactions begin before the tenant is declared in them: the transaction advice is ordered just ahead of the
 * {@link TenantDeclarationAdvisor}, which is last. Class-based proxies, as Spring Boot's own default.
 */
@Configuration(proxyBeanMethods = false)
@EnableTransactionManagement(proxyTargetClass = true, order = Ordered.LOWEST_PRECEDENCE - 1)
class TenantDeclarationConfiguration {

    @Bean
    @Role(BeanDefinition.ROLE_INFRASTRUCTURE)
    static Advisor tenantDeclarationAdvisor(ObjectProvider<TenantDeclaration> declaration) {
        return new TenantDeclarationAdvisor(declaration);
    }
}
