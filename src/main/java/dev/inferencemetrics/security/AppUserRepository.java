package dev.inferencemetrics.security;

import java.util.List;
import java.util.Optional;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

interface AppUserRepository extends JpaRepository<AppUser, Long> {

    Optional<AppUser> findByUsername(String username);

    boolean existsByUsername(String username);

    boolean existsByRole(Role role);

    /** Looks past row-level security, which hides other tenants' users (see the migration's username_taken). */
    @Query(value = "select username_taken(:username)", nativeQuery = true)
    Boolean usernameTakenInAnyTenant(String username);

    List<AppUser> findByTenantIdOrderByUsername(long tenantId);

    List<AppUser> findByRoleOrderByUsername(Role role);
}
