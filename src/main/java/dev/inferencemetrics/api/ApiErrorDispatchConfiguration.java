package dev.inferencemetrics.api;

import jakarta.servlet.DispatcherType;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

@Configuration(proxyBeanMethods = false)
class ApiErrorDispatchConfiguration {

    /** On the error dispatch only, and ahead of Spring Security, whose page rules would answer with a redirect. */
    @Bean
    FilterRegistrationBean<ApiErrorDispatch> apiErrorDispatch() {
        FilterRegistrationBean<ApiErrorDispatch> registration = new FilterRegistrationBean<>(new ApiErrorDispatch());
        registration.setDispatcherTypes(DispatcherType.ERROR);
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 10);
        return registration;
    }
}
