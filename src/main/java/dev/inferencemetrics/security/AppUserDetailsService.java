package dev.inferencemetrics.security;

import dev.inferencemetrics.tenancy.DatabaseTenant;
import dev.inferencemetrics.tenancy.TenantScope;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.core.userdetails.UsernameNotFoundException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

@Service
class AppUserDetailsService implements UserDetailsService {

    private final AppUserRepository users;
    private final DatabaseTenant databaseTenant;

    AppUserDetailsService(AppUserRepository users, DatabaseTenant databaseTenant) {
        this.users = users;
        this.databaseTenant = databaseTenant;
    }

    @Override
    @Transactional(readOnly = true)
    public UserDetails loadUserByUsername(String username) {
        // before sign-in nobody's tenant is known; usernames are unique across tenants
        databaseTenant.declare(TenantScope.allTenants());
        return users.findByUsername(username)
                .map(SignedInUser::new)
                .orElseThrow(() -> new UsernameNotFoundException("no such user"));
    }
}
