#pragma once

#include "core/result.h"

#include <functional>

namespace zerg {

class JarvisService;

// The supervisor agent of an owner (Backend::owner), for the services that ask on a person's
// behalf (replies by e-mail and SMS); an error when there is no such owner.
using JarvisOfOwner = std::function<Result<JarvisService*>(qint64 ownerId)>;

}  // namespace zerg
