#pragma once

#include <QString>

#include <utility>
#include <variant>

namespace zerg {

// An error a caller must handle: a stable machine code plus a message for people.
struct Error {
    QString code;
    QString message;
};

// A value or an Error. Errors are values here; exceptions never cross the event loop.
template <typename T>
class [[nodiscard]] Result {
public:
    Result(T value) : m_v(std::move(value)) {}      // NOLINT(google-explicit-constructor)
    Result(Error error) : m_v(std::move(error)) {}  // NOLINT(google-explicit-constructor)

    bool ok() const { return std::holds_alternative<T>(m_v); }
    explicit operator bool() const { return ok(); }
    const T& value() const& { return std::get<T>(m_v); }
    T& value() & { return std::get<T>(m_v); }
    T&& value() && { return std::get<T>(std::move(m_v)); }
    const T& operator*() const& { return value(); }
    const T* operator->() const { return &value(); }
    const Error& error() const { return std::get<Error>(m_v); }

private:
    std::variant<T, Error> m_v;
};

// For operations that return nothing on success.
struct Ok {};
using Status = Result<Ok>;

}  // namespace zerg
